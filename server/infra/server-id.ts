// This process's name on the leases it takes (menu scans, live-feed places): one per process, so a
// restarted server is a new owner and never mistakes a dead predecessor's lease for its own.
import crypto from 'node:crypto';

export const SERVER_ID = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;

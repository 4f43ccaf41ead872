// Prints the test files of a jest JSON result that failed (one per line), for a second run.
const fs = require('fs');
const r = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
for (const s of r.testResults) if (s.status === 'failed') console.log(s.name);

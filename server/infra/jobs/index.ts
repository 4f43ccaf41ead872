// The one durable job queue: enqueue inside the change's transaction, run from any server.
export { enqueueJob, enqueueJobs, jobRow, type JobRequest } from './queue';
export { createJobRunner, PermanentJobError, RetryJobLaterError, type JobHandler, type JobContext, type JobRunner, type JobRunnerOptions } from './runner';
export { backoffMs, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';

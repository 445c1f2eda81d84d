// Package sparkui reads a Spark driver's status REST API (the Spark UI's
// /api/v1): the executors the application has, and which of them ran the
// tasks of one Spark Connect session's jobs.
//
// Spark Connect tags every job it starts for a session, the streaming
// queries' micro-batches and the foreachBatch writes alike, with
// SparkConnect_OperationTag_User_<user>_Session_<session>_Operation_<op>
// (measured on Spark 4.1). SessionTasks lists the jobs that carry a
// session's tag, reads each of their stages' per-executor summary and sums
// tasks and shuffle bytes by executor: what a run report shows as the
// executors that ran the run's tasks, on a local[N] server (the driver
// only) and on a cluster alike.
//
// The API answers only where the driver's UI is reachable (spark.ui.enabled,
// the driver host and spark.ui.port routable from here); on a managed
// endpoint it is usually not, and callers report the executors as unknown.
// The UI keeps spark.ui.retainedJobs and retainedStages (1000 each by
// default; the local stack keeps 4000): a run longer than that is counted
// over its most recent jobs, and Usage says how many it counted. A stage
// the UI drops between the job listing and its own read (a busy server
// evicts stages before the jobs that name them) answers 404 and is
// counted in Usage.Evicted, not an error.
package sparkui

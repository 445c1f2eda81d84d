"""The stack's Spark Connect server started as a plugin of a plain Spark application.

scripts/stack.sh runs it with spark-submit (SPARK_CONNECT_SESSIONS=shared) instead of Spark's
SparkConnectServer, which creates its sessions with spark.sql.artifact.isolation.enabled and
.alwaysApplyClassloader forced true (a builder option, so no server property overrides them):
every session then gets its own class loader, and Spark's cache of generated classes, keyed by
the class loader, is never shared between sessions. Here the spark.plugins entry
(org.apache.spark.sql.connect.SparkConnectPlugin, set by stack.sh) starts the same Connect
service, and its sessions take the isolation settings from the server's configuration (Spark's
default: off), so a session reuses the classes an earlier one compiled.

It holds the driver open until its JVM, its parent, goes away.
"""

import os
import time

from pyspark.sql import SparkSession


def main() -> None:
    # A Spark Connect client in the process that started the stack (scripts/smoke.py, a test)
    # leaves these in the environment, and PySpark would then build a Connect client session here.
    for name in ("SPARK_CONNECT_MODE_ENABLED", "SPARK_REMOTE"):
        os.environ.pop(name, None)
    parent = os.getppid()
    SparkSession.builder.getOrCreate()
    while os.getppid() == parent:
        time.sleep(5)


if __name__ == "__main__":
    main()

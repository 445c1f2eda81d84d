"""Readiness probes of the local stack, run with the stack's venv python.

    stackcheck.py kafka HOST:PORT        ApiVersions request to the broker
    stackcheck.py s3 URL [--create BUCKET]  signed ListBuckets (and create BUCKET if absent)
    stackcheck.py spark sc://HOST:PORT   SELECT version() over Spark Connect

S3 credentials come from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY. Exit status 0 means
ready; anything else prints the reason on stderr.
"""

import socket
import struct
import sys


def kafka(addr):
    host, port = addr.rsplit(":", 1)
    client = b"etlgen-stack"
    # ApiVersions (key 18) v0: api_key, api_version, correlation_id, client_id.
    body = struct.pack(">hhih", 18, 0, 4242, len(client)) + client
    with socket.create_connection((host, int(port)), timeout=5) as s:
        s.sendall(struct.pack(">i", len(body)) + body)
        head = s.recv(8)
    if len(head) < 8:
        raise SystemExit("kafka: short response")
    _, corr = struct.unpack(">ii", head)
    if corr != 4242:
        raise SystemExit("kafka: unexpected correlation id %d" % corr)
    print("kafka ready")


def s3(url, create=None):
    import boto3
    from botocore.config import Config

    c = boto3.client(
        "s3",
        endpoint_url=url,
        region_name="us-east-1",
        config=Config(s3={"addressing_style": "path"}, retries={"max_attempts": 1},
                      connect_timeout=3, read_timeout=10),
    )
    names = [b["Name"] for b in c.list_buckets().get("Buckets", [])]
    if create and create not in names:
        c.create_bucket(Bucket=create)
        names.append(create)
    print("s3 ready, buckets: %s" % ",".join(sorted(names)))


def spark(url):
    from pyspark.sql import SparkSession

    spark = SparkSession.builder.remote(url).getOrCreate()
    # No spark.stop(): it makes the server log a SESSION_CLOSED error; idle sessions expire.
    print("spark ready, version %s" % spark.sql("SELECT version()").collect()[0][0])


def main(argv):
    if len(argv) < 3:
        raise SystemExit(__doc__)
    what, target = argv[1], argv[2]
    if what == "kafka":
        kafka(target)
    elif what == "s3":
        s3(target, argv[4] if len(argv) > 4 and argv[3] == "--create" else None)
    elif what == "spark":
        spark(target)
    else:
        raise SystemExit("unknown probe %r" % what)


if __name__ == "__main__":
    try:
        main(sys.argv)
    except SystemExit:
        raise
    except Exception as e:  # a probe failure is a "not ready", not a crash
        print("%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else ""), file=sys.stderr)
        sys.exit(1)

"""Readiness probes of the local stack, run with the stack's venv python.

    stackcheck.py kafka HOST:PORT        ApiVersions request to the broker
    stackcheck.py s3 URL [--create BUCKET]  signed ListBuckets (and create BUCKET if absent)
    stackcheck.py spark sc://HOST:PORT   SELECT version() over Spark Connect
    stackcheck.py master MASTER_UI       the standalone master is ALIVE (its /json/ page)
    stackcheck.py worker MASTER_UI ADDR  the worker whose UI is ADDR is registered and ALIVE
    stackcheck.py cluster MASTER_UI DRIVER_UI [MIN]
                                         the workers the master sees and the executors of the
                                         Connect server's application (its REST API); ready
                                         with at least MIN (default 1) active executors

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


def get_json(url):
    import json
    import urllib.request

    with urllib.request.urlopen(url, timeout=5) as r:
        return json.load(r)


def master(ui):
    m = get_json(ui.rstrip("/") + "/json/")
    if m.get("status") != "ALIVE":
        raise SystemExit("master: status %s" % m.get("status"))
    print("master ready: %s, %d alive workers" % (m.get("url"), m.get("aliveworkers", 0)))


def worker(ui, addr):
    m = get_json(ui.rstrip("/") + "/json/")
    for w in m.get("workers", []):
        if w.get("webuiaddress", "").endswith("//" + addr) and w.get("state") == "ALIVE":
            print("worker ready: %s, %d cores, %d MiB" % (w["id"], w["cores"], w["memory"]))
            return
    raise SystemExit("worker %s: not registered with the master" % addr)


def cluster(master_ui, driver_ui, want=1):
    m = get_json(master_ui.rstrip("/") + "/json/")
    for w in m.get("workers", []):
        if w.get("state") == "DEAD":
            continue
        print("  worker   %-44s %s  cores %d/%d  memory %d/%d MiB" % (
            w["id"], w["state"], w.get("coresused", 0), w["cores"], w.get("memoryused", 0), w["memory"]))
    for a in m.get("activeapps", []):
        print("  app      %-44s %s  cores %d" % (a["id"], a.get("name", ""), a.get("cores", 0)))
    apps = get_json(driver_ui.rstrip("/") + "/api/v1/applications")
    if not apps:
        raise SystemExit("driver: no application")
    live = 0
    for e in get_json("%s/api/v1/applications/%s/executors" % (driver_ui.rstrip("/"), apps[0]["id"])):
        if e["id"] == "driver":
            continue
        live += 1
        print("  executor %-44s cores %d  tasks %d  %s" % (
            e["id"] + " " + e["hostPort"], e["totalCores"], e["totalTasks"], "active" if e["isActive"] else "lost"))
    if live < want:
        raise SystemExit("cluster: the driver has %d executors, want %d" % (live, want))


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
    elif what == "master":
        master(target)
    elif what == "worker" and len(argv) > 3:
        worker(target, argv[3])
    elif what == "cluster" and len(argv) > 3:
        cluster(target, argv[3], int(argv[4]) if len(argv) > 4 else 1)
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

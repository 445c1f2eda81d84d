# Records Spark's answers to the text and URL functions on hostile inputs
# into spark_text_verdicts.json (read by TestTextFunctionsMatchSpark).
# Run against the stack's Spark Connect (ANSI on, UTC):
#   python spark_text_record.py sc://127.0.0.1:15002 > spark_text_verdicts.json
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.types import IntegerType, StringType, StructField, StructType

S = ["", " ", "a", "abc", "  a b  ", "\ta\t", "é", "e\u0301", "😀", "a😀b😀", "ǅ", "ΣΑΣ", "İ", "ß", "ﬁ", "\u0000x", "a\nb"]
URLS = [
    "http://user:pw@Example.com:8080/a/b?x=1&y=2#frag", "https://example.com", "http://example.com/",
    "http://example.com/a%20b?q=%41&r", "HTTP://EXAMPLE.COM:/p", "http://a b.com/x", "http://ex ample.com",
    "http://example.com/a b", "http://example.com/%zz", "http://example.com/%4", "http://[::1]:80/x",
    "http://[fe80::1%eth0]/", "http://[1:2:3:4:5:6:7:8]/", "http://[1:2:3:4:5:6:7::]/", "http://[::ffff:1.2.3.4]/",
    "http://[1.2.3.4]/", "http://[::1/", "http://1.2.3.4:99999/", "http://1.2.3.4/", "http://1.2.3/", "http://256.1.1.1/",
    "http://1.2.3.4.5/", "http://host-.com/", "http://-host.com/", "http://a.1b/", "http://münchen.de/p", "http://x.com./",
    "http://:80/", "http://user@/x", "http://@host/", "http:///p", "http://", "http:", "mailto:a@b.com", "mailto:a@b.com#f",
    "urn:isbn:123", "//host/p?q", "/just/path?x=1#y", "?q", "#f", "", " http://x.com", "1http://x.com", "://x", "h+t.p://x",
    "http://x.com/?a=1&a=2", "http://x.com/?aa=1&a=2", "http://x.com/?a", "http://x.com/?a=", "http://x.com/?=1&a=3",
    "http://x.com/p?q#f#g", "http://x.com/😀?é=ü#ç", "http://x.com/\u00a0", "http://x.com/\u0085", "http://x.com/[x]",
    "http://x.com/?q=[1]", "http://x.com/{a}", "http://x.com/a|b", "http://x.com/a\\b", "http://user:p%40ss@x.com/",
    "http://us er@x.com/", "http://x.com:8a/", "http://x.com:-1/", "http://x_y.com/", "http://x%41.com/", "http://é.com/",
    "file:///etc/passwd", "file:/etc/passwd", "jdbc:mysql://h:3306/db", "http://x.com/p;params?q", "http://a.b.c.d.e/",
    "http://[::]/", "http://[::1.2.3.4]/", "http://[1::2::3]/", "http://[12345::]/", "http://[::1]x/", "http://[v1.x]/",
]
PARTS = ["HOST", "PATH", "QUERY", "REF", "PROTOCOL", "FILE", "AUTHORITY", "USERINFO"]


def cases():
    for s in S:
        for f in ["lower", "upper", "initcap", "ltrim", "rtrim", "reverse", "octet_length", "url_encode", "try_url_decode"]:
            yield f, [s]
        for n in [-1, 0, 1, 2, 5]:
            yield "left", [s, n]
            yield "right", [s, n]
            yield "repeat", [s, n]
            yield "lpad", [s, n, "xy"]
            yield "rpad", [s, n, "😀é"]
        yield "lpad", [s, 4, ""]
        for t in ["", "a", "😀", "b😀", " "]:
            yield "instr", [s, t]
            yield "startswith", [s, t]
            yield "endswith", [s, t]
            yield "contains", [s, t]
            yield "replace", [s, t, "_"]
            for pos in [-1, 0, 1, 2, 3, 10]:
                yield "locate", [t, s, pos]
            for i in [-3, -1, 1, 2, 3]:
                yield "split_part", [s, t, i]
        yield "translate", [s, "a😀Σ", "x"]
        yield "translate", [s, "aa", "xy"]
        yield "concat_ws", ["|", s, "x"]
        for p in ["", "%", "_", "a%", "%b", "a_b", "_😀%", "\\%", "%\\_%", "a\\\\b", "%a%b%"]:
            yield "like", [s, p]
    for d in ["%", "a%", "%4", "%41", "%+1", "%-0", "%-1", "%e9", "%C3%A9", "%E2%82", "%E2%82A", "%F0%9F%98", "%F0%9F%98%80",
              "%C0%80", "%ED%A0%80", "%FF", "%F4%90%80%80", "%E0%80%80", "%F0%80%80%80", "a+b", "%２０", "%٣٣", "%Ａ１", "%😀"]:
        yield "try_url_decode", [d]
    for u in URLS:
        for part in PARTS:
            yield "try_parse_url", [u, part]
        for key in ["a", "q", "x", "é"]:
            yield "try_parse_url", [u, "QUERY", key]


def main():
    spark = SparkSession.builder.remote(sys.argv[1]).getOrCreate()
    spark.conf.set("spark.sql.session.timeZone", "UTC")
    spark.conf.set("spark.sql.ansi.enabled", "true")
    rows = []
    for f, args in cases():
        fields = [StructField("a%d" % i, IntegerType() if isinstance(a, int) else StringType()) for i, a in enumerate(args)]
        df = spark.createDataFrame([tuple(args)], StructType(fields))
        cols = ["a%d" % i for i in range(len(args))]
        expr = "a0 LIKE a1" if f == "like" else "%s(%s)" % (f, ", ".join(cols))
        try:
            want = df.selectExpr(expr + " AS r").collect()[0].r
            rows.append({"f": f, "args": args, "want": want})
        except Exception as e:  # an ANSI error: recorded, the engine must refuse the input
            rows.append({"f": f, "args": args, "error": str(e).split("\n")[0][:120]})
    sys.stdout.write("[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n]\n")


main()

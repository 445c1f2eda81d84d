"""Reads {"patterns": [...], "subjects": [...]} on stdin and prints, for each
pattern, whether Python's re.search finds a match in each subject:
{"python": [[bool]]}."""

import json
import re
import sys

data = json.load(sys.stdin)
out = [[re.search(p, s) is not None for s in data["subjects"]] for p in data["patterns"]]
json.dump({"python": out}, sys.stdout)

#!/usr/bin/env python3
"""`list_events` for one week through the `mcp` client from PyPI, against `icalkit mcp`.

Usage: mcp_week.py ICALKIT STORE --from YYYY-MM-DD --to YYYY-MM-DD --label L --run-id ID
                   [--sessions N] [--warm N]

Each of N sessions starts `icalkit mcp --store STORE --read-only --tz UTC`, initializes, then
times `list_events` (startDate FROM, endDate TO, the default page of 100) from the client's call to its
parsed result: the session's first call, then --warm more calls. Prints two JSON lines for
Bench/report.py: stage `mcp_week_first` (the sessions' first calls) and `mcp_week` (every warm
call of every session), each with median, min, max and samples in ms, and how many
occurrences a call returned.

Then the same calls as plain JSON-RPC lines over the server's stdio, with no client library:
stage `mcp_week_server` (warm calls), the server's own share of `mcp_week`. The difference is
the client's work, mostly validating each result against the tool's outputSchema.
"""
import argparse, asyncio, json, statistics, subprocess, time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


async def session_times(args):
    params = StdioServerParameters(command=args.icalkit,
                                   args=["mcp", "--store", args.store, "--read-only", "--tz", "UTC"])
    arguments = {"startDate": args.start, "endDate": args.end}
    times, count = [], None
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            for _ in range(1 + args.warm):
                began = time.perf_counter()
                result = await session.call_tool("list_events", arguments)
                times.append((time.perf_counter() - began) * 1000)
                if result.is_error:
                    raise SystemExit("list_events failed: " + "".join(getattr(c, "text", "") for c in result.content))
                count = len((result.structured_content or {}).get("events", []))
    return times, count


def raw_session_times(args):
    server = subprocess.Popen([args.icalkit, "mcp", "--store", args.store, "--read-only", "--tz", "UTC"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def call(ident, method, params):
        message = {"jsonrpc": "2.0", "id": ident, "method": method, "params": params}
        server.stdin.write((json.dumps(message) + "\n").encode())
        server.stdin.flush()
        answer = json.loads(server.stdout.readline())
        if "error" in answer or answer["result"].get("isError"):
            raise SystemExit(f"{method} failed: {answer}")
        return answer["result"]

    call(0, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                           "clientInfo": {"name": "mcp_week", "version": "1"}})
    server.stdin.write(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
    times = []
    for ident in range(1, 2 + args.warm):
        began = time.perf_counter()
        call(ident, "tools/call", {"name": "list_events", "arguments": {"startDate": args.start, "endDate": args.end}})
        times.append((time.perf_counter() - began) * 1000)
    server.stdin.close()
    server.wait()
    return times


def line(args, stage, samples, count):
    return json.dumps(dict(tool="icalkit", stage=stage, label=args.label, run_id=args.run_id, file=args.store,
                           runs=len(samples), median_ms=round(statistics.median(samples), 3),
                           min_ms=round(min(samples), 3), max_ms=round(max(samples), 3),
                           samples_ms=[round(s, 3) for s in samples], occurrences=count))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("icalkit")
    ap.add_argument("store")
    ap.add_argument("--from", dest="start", required=True)
    ap.add_argument("--to", dest="end", required=True)
    ap.add_argument("--label", required=True)
    ap.add_argument("--run-id", required=True)
    ap.add_argument("--sessions", type=int, default=5)
    ap.add_argument("--warm", type=int, default=20)
    args = ap.parse_args()
    firsts, warm, count = [], [], None
    for _ in range(args.sessions):
        times, count = asyncio.run(session_times(args))
        firsts.append(times[0])
        warm.extend(times[1:])
    print(line(args, "mcp_week_first", firsts, count))
    print(line(args, "mcp_week", warm, count))
    server = []
    for _ in range(args.sessions):
        server.extend(raw_session_times(args)[1:])
    print(line(args, "mcp_week_server", server, count))


if __name__ == "__main__":
    main()

# exit ends the process at once: a request sent after it in the same write is never
# answered. Without shutdown first the status is 1.
## args: --clock manual
## exit: 1
>>raw "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"engine.ping\"}\n"

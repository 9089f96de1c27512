# NDJSON: lines end with \n or \r\n; blank lines (also \r\n alone, or spaces) are
# ignored; a message may arrive in pieces, and several may arrive in one write.
## args: --clock manual
>>raw "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"engine.ping\"}\r\n"
<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}
>>raw "\n\r\n  \n"
>>raw "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"engine.ping\"}\n"
<< {"jsonrpc":"2.0","id":2,"result":{"pong":true,"at":0}}
# One message split across writes: nothing is answered before its end.
>>raw "{\"jsonrpc\":\"2.0\","
>>raw "\"id\":3,\"method\":"
>>raw "\"engine.ping\"}\r\n"
<< {"jsonrpc":"2.0","id":3,"result":{"pong":true,"at":0}}
# Two messages in one write, with a blank line between them.
>>raw "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"engine.ping\"}\n\n{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"engine.ping\"}\n"
<< {"jsonrpc":"2.0","id":4,"result":{"pong":true,"at":0}}
<< {"jsonrpc":"2.0","id":5,"result":{"pong":true,"at":0}}

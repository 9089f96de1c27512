# LSP framing chosen by auto after blank input, and kept. protocol.md, Framing: "With
# `auto` (the default) the first non-blank bytes decide: if they begin with a header name
# followed by `:` (in practice `Content-Length:`), the session is LSP, otherwise NDJSON,
# and it stays so"; Limits on input: "A `Content-Length` of more than 15 digits (leading
# zeros aside: `0047` is 47)"; JSON-RPC 2.0: `$/…` notifications and `initialized` are
# ignored, but (After a restart) "sent as requests, they fail ... like any failing
# request": -32601. An NDJSON line in the LSP session is a broken header (bad_header), and
# framing resynchronises on the next header.
## args: --clock manual
## framing: lsp
>>raw "\r\n  \r\n"
>>raw "Content-Length: 0047\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"engine.ping\"}"
<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","id":2,"method":"$/cancelRequest","params":{"id":1}}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"$any:string","data":{"method":"$/cancelRequest"}}}
>> {"jsonrpc":"2.0","id":3,"method":"initialized","params":{}}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"$any:string","data":{"method":"initialized"}}}
>>raw "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"engine.ping\"}\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"bad_header","detail":"$any:string"}}}
>> {"jsonrpc":"2.0","id":5,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":5,"result":{"pong":true,"at":0}}

# LSP framing: a message over --max-message-bytes (here 100; its Content-Length is over it)
# is answered -32600 too_large with the limit, and with its id, wherever the id stands in
# the top-level object (before or after params), framed as LSP; its body is skipped, it
# never runs (no layer big), and the next frame is read normally. protocol.md, Limits on
# input: "A message longer than `--max-message-bytes` ... is answered with -32600,
# `data: {reason: "too_large", limit}`"; "the answer carries its `id` wherever that member
# stands"; "The answer comes when the message has ended (its newline, or the end of its
# LSP body)". (NDJSON: errors/invalid-request.io.)
## args: --clock manual --max-message-bytes 100
## framing: lsp
>> {"jsonrpc":"2.0","id":1,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"big","data":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"$any:string","data":{"reason":"too_large","limit":100}}}
>> {"jsonrpc":"2.0","method":"layer.add","params":{"id":"big","data":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},"id":"late"}
<< {"jsonrpc":"2.0","id":"late","error":{"code":-32600,"message":"$any:string","data":{"reason":"too_large","limit":100}}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.get","params":{"id":"big"}}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"big"}}}

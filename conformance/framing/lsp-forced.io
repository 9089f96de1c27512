# --framing lsp forces LSP framing even when the input does not start with a header:
# an NDJSON line is then a broken header (-32700, framed as LSP).
## args: --clock manual --framing lsp
## framing: lsp
>>raw "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"engine.ping\"}\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"bad_header","detail":"$any:string"}}}
>> {"jsonrpc":"2.0","id":2,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":2,"result":{"pong":true,"at":0}}

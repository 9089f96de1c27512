# LSP framing with a broken header: an invalid Content-Length, or a header block
# without one, is -32700 (reason bad_header, id null); reading resynchronises on the
# next header and the stream goes on.
## args: --clock manual
## framing: lsp
>> {"jsonrpc":"2.0","id":1,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}
>>raw "Content-Length: abc\r\n\r\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"bad_header","detail":"$any:string"}}}
>> {"jsonrpc":"2.0","id":2,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":2,"result":{"pong":true,"at":0}}
>>raw "X-Unknown: 1\r\n\r\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"bad_header","detail":"$any:string"}}}
>> {"jsonrpc":"2.0","id":3,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":3,"result":{"pong":true,"at":0}}
# A framed body that is not JSON: -32700, and the next frame is read normally.
>>raw "Content-Length: 5\r\n\r\n{nope"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"invalid_json","detail":"$any:string","position":"$any:integer"}}}
>> {"jsonrpc":"2.0","id":4,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":4,"result":{"pong":true,"at":0}}

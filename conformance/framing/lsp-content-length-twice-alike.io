# LSP framing: a header block may repeat Content-Length (in any case) when the values
# agree; the frame is read as usual. Two that disagree are -32700 bad_header.
## args: --clock manual
## framing: lsp
>>raw "Content-Length: 47\r\ncontent-length: 47\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"engine.ping\"}"
<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}
>>raw "Content-Length: 47\r\nContent-Length: 48\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"engine.ping\"}"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"bad_header","detail":"$any:string"}}}
>> {"jsonrpc":"2.0","id":3,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":3,"result":{"pong":true,"at":0}}

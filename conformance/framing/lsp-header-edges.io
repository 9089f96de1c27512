# LSP header edges. A header is Content-Length only when its whole name is (in any case):
# a name that is a prefix of it (C, Content, Content-Len) is an unknown header, ignored.
# A line of only spaces or tabs ends the header block as an empty line does.
## args: --clock manual
## framing: lsp
>>raw "Content-Length: 47\r\nC: x\r\nContent: 1\r\nContent-Len: 9\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"engine.ping\"}"
<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}
>>raw "content-length: 47\r\n \t\r\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"engine.ping\"}"
<< {"jsonrpc":"2.0","id":2,"result":{"pong":true,"at":0}}
# Sixteen significant digits are no byte count: bad_header, then the next frame is read.
>>raw "Content-Length: 0001000000000000000\r\n\r\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"bad_header","detail":"$any:string"}}}
>> {"jsonrpc":"2.0","id":3,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":3,"result":{"pong":true,"at":0}}

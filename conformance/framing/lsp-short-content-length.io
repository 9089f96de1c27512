# A Content-Length too small (here 1 byte short, as from a client counting characters of
# "é" instead of bytes) leaves the rest of the body in front of the next header, on one
# line. The short message is -32700; the run-in line is one bad_header; framing resumes at
# the Content-Length inside that line, so the next request is answered, not lost.
## args: --clock manual
## framing: lsp
>>raw "Content-Length: 65\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"layer.add\",\"params\":{\"id\":\"é\"}}"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"truncated","detail":"$any:string","position":"$any:integer"}}}
>> {"jsonrpc":"2.0","id":2,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"bad_header","detail":"$any:string"}}}
<< {"jsonrpc":"2.0","id":2,"result":{"pong":true,"at":0}}
# An unknown header is ignored whatever its name, one ending in Content-Length too.
>>raw "Content-Length: 47\r\nX-Original-Content-Length: 5\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"engine.ping\"}"
<< {"jsonrpc":"2.0","id":3,"result":{"pong":true,"at":0}}
# Two Content-Length headers that disagree are a broken header; the next frame is read.
>>raw "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"bad_header","detail":"$any:string"}}}
>> {"jsonrpc":"2.0","id":4,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":4,"result":{"pong":true,"at":0}}
# A Content-Length of 16 digits is not a byte count: bad_header, not too_large.
>>raw "Content-Length: 1000000000000000\r\n\r\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"bad_header","detail":"$any:string"}}}
>> {"jsonrpc":"2.0","id":5,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":5,"result":{"pong":true,"at":0}}
# The rest of a too-short body may begin like a header ("a:b"} before the next
# Content-Length on its line): a header value holding Content-Length: is such a rest, and
# framing resumes there, so the next request is answered.
>>raw "Content-Length: 6\r\n\r\n{\"u\":\"a:b\"}"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"truncated","detail":"$any:string","position":"$any:integer"}}}
>> {"jsonrpc":"2.0","id":6,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"bad_header","detail":"$any:string"}}}
<< {"jsonrpc":"2.0","id":6,"result":{"pong":true,"at":0}}

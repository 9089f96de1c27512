# Fifteen significant digits (leading zeros aside) are a byte count: a message that long
# is over --max-message-bytes and its body is skipped (answered once it went by), and the
# end of input comes inside it: nothing is answered (the partial message is logged and
# dropped). Sixteen would be bad_header (lsp-header-edges).
## args: --clock manual
## framing: lsp
>> {"jsonrpc":"2.0","id":1,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}
>>raw "Content-Length: 000100000000000000\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"engine.ping\"}"

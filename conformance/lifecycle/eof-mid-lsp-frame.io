# End of input inside an LSP frame's body: the partial frame is dropped, exit 0.
## args: --clock manual
## framing: lsp
>> {"jsonrpc":"2.0","id":1,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}
>>raw "Content-Length: 100\r\n\r\n{\"jsonrpc\":\"2.0\","

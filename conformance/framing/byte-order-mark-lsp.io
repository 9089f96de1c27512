# The byte order mark at the start does not hide the header from the framing's detection:
# the session is LSP.
## args: --clock manual
## framing: lsp
>>raw "\ufeffContent-Length: 47\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"engine.ping\"}"
<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}

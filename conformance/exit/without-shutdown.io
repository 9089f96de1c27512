# exit without shutdown first: the process exits with status 1 (the LSP rule).
## args: --clock manual
## exit: 1
>> {"jsonrpc":"2.0","id":1,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","method":"exit"}

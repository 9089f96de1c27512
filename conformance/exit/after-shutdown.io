# exit after shutdown: the process exits with status 0 (the LSP rule).
>> {"jsonrpc":"2.0","id":1,"method":"shutdown"}
<< {"jsonrpc":"2.0","id":1,"result":null}
>> {"jsonrpc":"2.0","method":"exit"}

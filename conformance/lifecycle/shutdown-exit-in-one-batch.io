# shutdown then exit inside one batch: the batch answers shutdown, then the process
# exits 0.
## args: --clock manual
>> [{"jsonrpc":"2.0","id":1,"method":"shutdown"},{"jsonrpc":"2.0","method":"exit"}]
<< [{"jsonrpc":"2.0","id":1,"result":null}]

# exit sent as a request (with an id) after shutdown: answered with null, then the process
# exits 0. protocol.md, Lifecycle: "`exit` (a notification) ends the process: status 0
# after `shutdown`, else 1 (LSP's rule). Ordo's choices: `exit` sent as a request is
# answered with `null` first."
>> {"jsonrpc":"2.0","id":1,"method":"shutdown"}
<< {"jsonrpc":"2.0","id":1,"result":null}
>> {"jsonrpc":"2.0","id":2,"method":"exit"}
<< {"jsonrpc":"2.0","id":2,"result":null}

# exit sent as a request (with an id) without shutdown first: answered with null, then the
# process exits 1. protocol.md, Lifecycle: "`exit` (a notification) ends the process:
# status 0 after `shutdown`, else 1 (LSP's rule). Ordo's choices: `exit` sent as a request
# is answered with `null` first."
## exit: 1
>> {"jsonrpc":"2.0","id":"bye","method":"exit"}
<< {"jsonrpc":"2.0","id":"bye","result":null}

# exit (a notification, no shutdown before it) in the middle of a batch: the entries
# before it ran and are answered, the one after it never runs (no answer for id 2, and
# its layer is never added), and the process exits 1.
## args: --clock manual
## exit: 1
>> [{"jsonrpc":"2.0","id":1,"method":"engine.ping"},{"jsonrpc":"2.0","method":"exit"},{"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"never"}}]
<< [{"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}]

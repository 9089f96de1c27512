# Batch edge cases. protocol.md, JSON-RPC 2.0: "Each invalid entry gets its own -32600 in
# place. A batch of notifications only gets no answer at all. Answers are written as one
# array, in the order of the entries"; Events before answers: the events of a batch's
# entries come before its answer, and a notification's events are still sent; Lifecycle:
# after `shutdown` "every request but `exit` gets -32003 `shut_down`" (in the same batch
# too), and a notification still gets no answer.
## args: --clock manual
# Only a notification, which shows an alert: its alert.show is written, no array.
>> [{"jsonrpc":"2.0","method":"alert.enqueue","params":{"type":"t","id":"n"}}]
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"n","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
# A notification and an invalid entry: the invalid entry is not a notification (nothing
# tells), so the batch answers it, alone, in an array.
>> [{"jsonrpc":"2.0","method":"engine.ping"},1]
<< [{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"$any:string","data":{"reason":"not_an_object"}}}]
# An array inside a batch is an invalid entry (not an object), not an empty batch.
>> [[]]
<< [{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"$any:string","data":{"reason":"not_an_object"}}}]
# Two requests with the same id: each is answered, in order.
>> [{"jsonrpc":"2.0","id":7,"method":"engine.ping"},{"jsonrpc":"2.0","id":7,"method":"layer.children"}]
<< [{"jsonrpc":"2.0","id":7,"result":{"pong":true,"at":0}},{"jsonrpc":"2.0","id":7,"result":{"total":0,"layers":[]}}]
# shutdown inside a batch: the request after it is refused, the notification unanswered.
>> [{"jsonrpc":"2.0","id":8,"method":"shutdown"},{"jsonrpc":"2.0","id":9,"method":"engine.ping"},{"jsonrpc":"2.0","method":"engine.ping"}]
<< [{"jsonrpc":"2.0","id":8,"result":null},{"jsonrpc":"2.0","id":9,"error":{"code":-32003,"message":"$any:string","data":{"reason":"shut_down"}}}]

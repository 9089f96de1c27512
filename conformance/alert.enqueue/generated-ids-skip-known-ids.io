# Generated alert ids. protocol.md, Alert methods: "An alert dropped by its limit is never
# created: it uses up no generated id and no `seq`"; "Generated ids are `alert-1`,
# `alert-2`, …, skipping every id the engine knows: every id it generated before, and the
# id of every alert it holds (ended ones in a queue's history included) and of every show
# in the show history, which outlives `alert.clear`".
## args: --clock manual
# alert-2, named by the client, shows (its show is recorded) and is cleared: no alert holds
# it any more, the show history still does.
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"alert-2"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"alert-2","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"alert-2","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.clear","params":{}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"alert-2","queue":"default","reason":"cancelled","at":0}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"removed":1}}
# A limited enqueue takes no id and no seq: the next is alert-1, seq 2; then alert-3
# (alert-2 is in the show history).
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","limit":{"max":0}}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":null,"disposition":"limited","retryAt":null}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"alert-1","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"alert-1","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t"}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"alert-3","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
# alert-4 is held (pending): the next is alert-5.
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"t","id":"alert-4"}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"alert-4","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"t"}}
<< {"jsonrpc":"2.0","id":7,"result":{"alert":{"id":"alert-5","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":5,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}

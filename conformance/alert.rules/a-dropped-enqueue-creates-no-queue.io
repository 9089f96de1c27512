# An enqueue that its limit drops creates nothing, its queue included: queue B is created
# by b1, after A, so when page p comes both queues show in creation order, a1 then b1
# (had the dropped enqueue created B, b1 would show first; docs: queues).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","queue":"B","limit":{"max":0}}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":null,"disposition":"limited","retryAt":null}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"u","id":"a1","queue":"A","scope":"p"}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"a1","queue":"A","type":"u","priority":0,"state":"pending","scope":"p","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"u","id":"b1","queue":"B","scope":"p"}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"b1","queue":"B","type":"u","priority":0,"state":"pending","scope":"p","key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"nav.push","params":{"scope":"p"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a1","queue":"A","type":"u","priority":0,"state":"showing","scope":"p","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b1","queue":"B","type":"u","priority":0,"state":"showing","scope":"p","key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"stack":["p"],"active":"p"}}

# Page changes and the order of their effects. protocol.md, Navigation: "pushing the scope
# that is already active changes no alert"; "the alerts being suspended are handled queue
# by queue, the queues in the order they were first used (as they pump), and within a
# queue in the order the alerts started showing"; then the queues pump, in that same
# order, each showing its best eligible alert first (priority, then seq).
## args: --clock manual
# Queue B is first used before A. In A (2 at a time) a2 shows at 0 and a1 (seq 1) at 10;
# b1 shows in B at 0.
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"queue":"B","maxConcurrent":2}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"B","maxConcurrent":2,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.configure","params":{"queue":"A","maxConcurrent":2}}
<< {"jsonrpc":"2.0","id":2,"result":{"queue":"A","maxConcurrent":2,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":3,"method":"nav.push","params":{"scope":"room"}}
<< {"jsonrpc":"2.0","id":3,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"a1","queue":"A","scope":"room","delayMs":10}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"a1","queue":"A","type":"t","priority":0,"state":"scheduled","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"a2","queue":"A","scope":"room"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a2","queue":"A","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"a2","queue":"A","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"t","id":"b1","queue":"B","scope":"room"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b1","queue":"B","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"b1","queue":"B","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":10}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a1","queue":"A","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":10,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":10}}
<< {"jsonrpc":"2.0","id":7,"result":{"now":10}}
# Pushing room again: the active scope is the same, nothing is hidden or shown.
>> {"jsonrpc":"2.0","id":8,"method":"nav.push","params":{"scope":"room"}}
<< {"jsonrpc":"2.0","id":8,"result":{"stack":["room","room"],"active":"room"}}
# Leaving: B's b1 first, then A's in the order they started showing, a2 then a1.
>> {"jsonrpc":"2.0","id":9,"method":"nav.push","params":{"scope":"other"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"b1","queue":"B","reason":"suspended","at":10}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"a2","queue":"A","reason":"suspended","at":10}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"a1","queue":"A","reason":"suspended","at":10}}
<< {"jsonrpc":"2.0","id":9,"result":{"stack":["room","room","other"],"active":"other"}}
# Back: B pumps first (b1), then A, where a1 and a2 tie on priority and a1 has the smaller seq.
>> {"jsonrpc":"2.0","id":10,"method":"nav.set","params":{"stack":["room"]}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b1","queue":"B","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":10,"endedAt":null,"endReason":null,"shownCount":2,"mount":null,"persist":false},"resumed":true,"at":10}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a1","queue":"A","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":10,"endedAt":null,"endReason":null,"shownCount":2,"mount":null,"persist":false},"resumed":true,"at":10}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a2","queue":"A","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":10,"endedAt":null,"endReason":null,"shownCount":2,"mount":null,"persist":false},"resumed":true,"at":10}}
<< {"jsonrpc":"2.0","id":10,"result":{"stack":["room"],"active":"room"}}

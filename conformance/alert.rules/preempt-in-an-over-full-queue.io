# maxConcurrent lowered below what shows, then raised. protocol.md, Queues: "Lowering
# `maxConcurrent` below what shows hides nothing: the queue shows nothing new until it is
# below the limit. Raising it runs the pump. Ordo's choice: preemption still works in an
# over-full queue, since a swap adds nothing: a preempting alert may displace the
# lowest-priority showing one, and as many show as before."
## args: --clock manual
# a (1) and b (2) show in a queue of 2; w (0) waits. Lowering to 1 hides nothing.
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"maxConcurrent":2}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"default","maxConcurrent":2,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"a","priority":1}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"b","priority":2}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"default","type":"t","priority":2,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"b","queue":"default","type":"t","priority":2,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"w","priority":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"w","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.configure","params":{"maxConcurrent":1}}
<< {"jsonrpc":"2.0","id":5,"result":{"queue":"default","maxConcurrent":1,"minGapMs":0,"historyLimit":1000}}
# Over-full (2 showing, limit 1): p (5, preempt) still displaces the lowest, a; two show.
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"t","id":"p","priority":5,"preempt":true}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"a","queue":"default","reason":"preempted","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"p","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"p","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.list","params":{"states":["showing"]}}
<< {"jsonrpc":"2.0","id":7,"result":{"alerts":[{"id":"b","queue":"default","type":"t","priority":2,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},{"id":"p","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false}]}}
# b ends: one shows, the limit is 1, so nothing new shows (w and a wait).
>> {"jsonrpc":"2.0","id":8,"method":"alert.complete","params":{"id":"b"}}
<< {"jsonrpc":"2.0","id":8,"result":{"id":"b","queue":"default","type":"t","priority":2,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
# Raising the limit to 3 pumps: a (1, suspended, resumed) then w (0).
>> {"jsonrpc":"2.0","id":9,"method":"alert.configure","params":{"maxConcurrent":3}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":2,"mount":null,"persist":false},"resumed":true,"at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"w","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":9,"result":{"queue":"default","maxConcurrent":3,"minGapMs":0,"historyLimit":1000}}

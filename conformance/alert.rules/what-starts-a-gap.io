# Only a showing alert that ends starts its queue's gap. protocol.md, Queues: "The gap
# starts when a *showing* alert ends (completed, timed out, cancelled); ending a waiting or
# suspended alert starts no gap, nor does a suspension or preemption."
## args: --clock manual
# minGapMs 100. s shows on room, x waits for it. Leaving room suspends s; s is then
# completed while suspended and x cancelled while pending (the queue goes idle). None of
# these starts a gap: w shows at once, at 0.
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"minGapMs":100}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"default","maxConcurrent":1,"minGapMs":100,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":2,"method":"nav.push","params":{"scope":"room"}}
<< {"jsonrpc":"2.0","id":2,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"s","scope":"room"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"s","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"s","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"x","scope":"room"}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"pending","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"nav.push","params":{"scope":"shop"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"s","queue":"default","reason":"suspended","at":0}}
<< {"jsonrpc":"2.0","id":5,"result":{"stack":["room","shop"],"active":"shop"}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.complete","params":{"id":"s"}}
<< {"jsonrpc":"2.0","id":6,"result":{"id":"s","queue":"default","type":"t","priority":0,"state":"done","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.cancel","params":{"id":"x"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":7,"result":{"cancelled":["x"]}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.enqueue","params":{"type":"t","id":"w"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"w","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":8,"result":{"alert":{"id":"w","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
# Cancelling w, which shows, starts the gap: v waits until 100.
>> {"jsonrpc":"2.0","id":9,"method":"alert.cancel","params":{"id":"w"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"w","queue":"default","reason":"cancelled","at":0}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":9,"result":{"cancelled":["w"]}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"t","id":"v"}}
<< {"jsonrpc":"2.0","id":10,"result":{"alert":{"id":"v","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":11,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"v","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":11,"result":{"now":100}}
# p preempts v: no gap either, so raising maxConcurrent shows v again at once, at 100.
>> {"jsonrpc":"2.0","id":12,"method":"alert.enqueue","params":{"type":"t","id":"p","priority":5,"preempt":true}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"v","queue":"default","reason":"preempted","at":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"p","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":5,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":12,"result":{"alert":{"id":"p","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":5,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":13,"method":"alert.configure","params":{"maxConcurrent":2}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"v","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":2,"mount":null,"persist":false},"resumed":true,"at":100}}
<< {"jsonrpc":"2.0","id":13,"result":{"queue":"default","maxConcurrent":2,"minGapMs":100,"historyLimit":1000}}

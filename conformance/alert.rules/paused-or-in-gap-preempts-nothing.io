# A paused queue, or one in its minGapMs gap, preempts nothing; the preemption happens when
# the pause is released or the gap ends. protocol.md, The pump: "A paused queue, or one in
# its `minGapMs` gap, preempts nothing"; Queues: "When the last reason goes, the pump runs".
## args: --clock manual
# Paused while a shows: p (5, preempt) waits; the resume lets it displace a.
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.pause","params":{}}
<< {"jsonrpc":"2.0","id":2,"result":{"paused":true,"reasons":["default"]}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"p","priority":5,"preempt":true}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"p","queue":"default","type":"t","priority":5,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.resume","params":{}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"a","queue":"default","reason":"preempted","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"p","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"paused":false,"reasons":[]}}
# In a gap: x and y show in a queue of 2 with minGapMs 100; y ends at 0 (gap until 100);
# the limit is lowered to 1, so the queue is full with x. q (5, preempt) waits through the
# gap (nothing at 99) and displaces x when it ends, at 100.
>> {"jsonrpc":"2.0","id":5,"method":"engine.reset"}
<< {"jsonrpc":"2.0","id":5,"result":null}
>> {"jsonrpc":"2.0","id":6,"method":"alert.configure","params":{"maxConcurrent":2,"minGapMs":100}}
<< {"jsonrpc":"2.0","id":6,"result":{"queue":"default","maxConcurrent":2,"minGapMs":100,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"t","id":"x"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":7,"result":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.enqueue","params":{"type":"t","id":"y"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"y","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":8,"result":{"alert":{"id":"y","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.complete","params":{"id":"y"}}
<< {"jsonrpc":"2.0","id":9,"result":{"id":"y","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.configure","params":{"maxConcurrent":1}}
<< {"jsonrpc":"2.0","id":10,"result":{"queue":"default","maxConcurrent":1,"minGapMs":100,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.enqueue","params":{"type":"t","id":"q","priority":5,"preempt":true}}
<< {"jsonrpc":"2.0","id":11,"result":{"alert":{"id":"q","queue":"default","type":"t","priority":5,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":12,"method":"clock.advance","params":{"ms":99}}
<< {"jsonrpc":"2.0","id":12,"result":{"now":99}}
>> {"jsonrpc":"2.0","id":13,"method":"clock.advance","params":{"ms":1}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"x","queue":"default","reason":"preempted","at":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"q","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":13,"result":{"now":100}}

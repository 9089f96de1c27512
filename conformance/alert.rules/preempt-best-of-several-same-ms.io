# Several preempting alerts ready at the same ms: all become ready first, then one pump,
# and the best of them (priority, then seq) goes first: p5 displaces low at 100; p3 does
# not show in between (nothing flashes) and waits. When p5 closes, p3 (priority 3) shows
# before low (0, suspended); then low resumes.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"low","priority":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"low","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"low","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"p3","priority":3,"preempt":true,"delayMs":100}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"p3","queue":"default","type":"t","priority":3,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"p5","priority":5,"preempt":true,"delayMs":100}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"p5","queue":"default","type":"t","priority":5,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"low","queue":"default","reason":"preempted","at":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"p5","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":4,"result":{"now":100}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.complete","params":{"id":"p5"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"p3","queue":"default","type":"t","priority":3,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"p5","queue":"default","type":"t","priority":5,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":100,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.complete","params":{"id":"p3"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"low","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":2,"mount":null,"persist":false},"resumed":true,"at":100}}
<< {"jsonrpc":"2.0","id":6,"result":{"id":"p3","queue":"default","type":"t","priority":3,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":100,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.complete","params":{"id":"low"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":100}}
<< {"jsonrpc":"2.0","id":7,"result":{"id":"low","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":100,"endReason":"completed","shownCount":2,"mount":null,"persist":false}}

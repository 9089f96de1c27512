# Two gaps in one queue at once: maxConcurrent 3 lets a second alert end while the first
# one's gap (minGapMs 3) runs; lowering minGapMs to 1 before it gives the second a shorter
# gap, which does not shorten the first: the queue opens at the later end (3), so x, queued
# at 0, shows at 3 and not at 1.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"maxConcurrent":3,"minGapMs":3}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"default","maxConcurrent":3,"minGapMs":3,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"c"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"c","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"c","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.complete","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"a","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"x"}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.configure","params":{"minGapMs":1}}
<< {"jsonrpc":"2.0","id":6,"result":{"queue":"default","maxConcurrent":3,"minGapMs":1,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.cancel","params":{"id":"c"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"c","queue":"default","reason":"cancelled","at":0}}
<< {"jsonrpc":"2.0","id":7,"result":{"cancelled":["c"]}}
>> {"jsonrpc":"2.0","id":8,"method":"clock.advance","params":{"ms":1}}
<< {"jsonrpc":"2.0","id":8,"result":{"now":1}}
>> {"jsonrpc":"2.0","id":9,"method":"clock.advance","params":{"ms":2}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":3,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":3}}
<< {"jsonrpc":"2.0","id":9,"result":{"now":3}}

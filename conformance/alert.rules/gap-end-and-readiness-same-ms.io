# A gap ending at the ms another alert becomes ready: both take effect first, then the
# queue pumps once, so the better alert gets the slot. minGapMs 200; first shows and is
# completed at 0 (gap until 200); p0 (priority 0) waits; p3 (priority 3, delayMs 200)
# becomes ready at 200 and shows then; p0 keeps waiting.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"minGapMs":200}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"default","maxConcurrent":1,"minGapMs":200,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"first"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"first","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"first","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.complete","params":{"id":"first"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"first","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"p0","priority":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"p0","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"p3","priority":3,"delayMs":200}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"p3","queue":"default","type":"t","priority":3,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":200,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"clock.advance","params":{"ms":199}}
<< {"jsonrpc":"2.0","id":6,"result":{"now":199}}
>> {"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":1}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"p3","queue":"default","type":"t","priority":3,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":200,"expiresAt":null,"durationMs":null,"shownAt":200,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":200}}
<< {"jsonrpc":"2.0","id":7,"result":{"now":200}}

# A gap that ends at the millisecond another alert of its queue auto-hides: the queue is
# then in the new gap that auto-hide starts. protocol.md, One instant, one decision:
# "Within step 1, gap ends apply before auto-hides: a gap ending at T and an alert of the
# same queue auto-hiding at T leave the queue in the new gap that the auto-hide starts
# (`minGapMs` after T)"; Queues: the gap starts when a showing alert ends (a timeout too).
## args: --clock manual
# maxConcurrent 2, minGapMs 100. a and b (durationMs 100) show; c waits. a ends at 0: gap
# until 100. At 100 the gap ends and b times out: a new gap until 200, so c does not show
# at 100 (nor at 199), but at 200.
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"maxConcurrent":2,"minGapMs":100}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"default","maxConcurrent":2,"minGapMs":100,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"b","durationMs":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"c"}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"c","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.complete","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"a","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":6,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"b","queue":"default","reason":"timeout","at":100}}
<< {"jsonrpc":"2.0","id":6,"result":{"now":100}}
>> {"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":99}}
<< {"jsonrpc":"2.0","id":7,"result":{"now":199}}
>> {"jsonrpc":"2.0","id":8,"method":"clock.advance","params":{"ms":1}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"c","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":200,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":200}}
<< {"jsonrpc":"2.0","id":8,"result":{"now":200}}

# alert.configure sets a queue's maxConcurrent, minGapMs and historyLimit and answers the
# settings; members left out keep their value. maxConcurrent 3 shows three at once;
# minGapMs waits that long after an alert ends before the queue shows the next.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"queue":"toast","maxConcurrent":3}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"toast","maxConcurrent":3,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.configure","params":{"queue":"toast","minGapMs":100}}
<< {"jsonrpc":"2.0","id":2,"result":{"queue":"toast","maxConcurrent":3,"minGapMs":100,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"t1","queue":"toast"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"t1","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"t1","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"t2","queue":"toast"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"t2","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"t2","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"t3","queue":"toast"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"t3","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"t3","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"t","id":"t4","queue":"toast"}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"t4","queue":"toast","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.complete","params":{"id":"t1"}}
<< {"jsonrpc":"2.0","id":7,"result":{"id":"t1","queue":"toast","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":8,"method":"clock.advance","params":{"ms":99}}
<< {"jsonrpc":"2.0","id":8,"result":{"now":99}}
>> {"jsonrpc":"2.0","id":9,"method":"clock.advance","params":{"ms":1}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"t4","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":9,"result":{"now":100}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.configure","params":{"queue":"toast","maxConcurrent":0}}
<< {"jsonrpc":"2.0","id":10,"error":{"code":-32602,"message":"$any:string","data":{"path":"/maxConcurrent","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.configure","params":{"minGapMs":-1}}
<< {"jsonrpc":"2.0","id":11,"error":{"code":-32602,"message":"$any:string","data":{"path":"/minGapMs","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":12,"method":"alert.configure","params":{"speed":1}}
<< {"jsonrpc":"2.0","id":12,"error":{"code":-32602,"message":"$any:string","data":{"path":"/speed","expected":"$any:string"}}}

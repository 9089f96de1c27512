# An alert that enters its queue and ends within one request still made the queue busy:
# enqueued with ttlMs 0 on a page that is not active, it cannot show at once and expires as
# it is queued, and alert.idle comes before the answer. An enqueue that its frequency limit
# drops never entered the queue: no idle.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"a","ttlMs":0,"scope":"s"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"expired","scope":"s","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":0,"durationMs":null,"shownAt":null,"endedAt":0,"endReason":"expired","shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"once","id":"b","queue":"q","limit":{"max":1,"windowMs":1000}}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"q","type":"once","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"b","queue":"q","type":"once","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.complete","params":{"id":"b"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"q","at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"b","queue":"q","type":"once","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"once","id":"b2","queue":"q","limit":{"max":1,"windowMs":1000}}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":null,"disposition":"limited","retryAt":1000}}

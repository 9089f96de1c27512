# alert.update {alert, at}: a showing alert's data changed by a dedupe replace. Replacing
# a waiting alert sends nothing (it is not on screen).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"unread","id":"u","key":"inbox","data":{"count":1}}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"u","queue":"default","type":"unread","priority":0,"state":"showing","scope":null,"key":"inbox","data":{"count":1},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"u","queue":"default","type":"unread","priority":0,"state":"showing","scope":null,"key":"inbox","data":{"count":1},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"clock.advance","params":{"ms":5}}
<< {"jsonrpc":"2.0","id":2,"result":{"now":5}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"unread","key":"inbox","data":{"count":2}}}
<< {"jsonrpc":"2.0","method":"alert.update","params":{"alert":{"id":"u","queue":"default","type":"unread","priority":0,"state":"showing","scope":null,"key":"inbox","data":{"count":2},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"at":5}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"u","queue":"default","type":"unread","priority":0,"state":"showing","scope":null,"key":"inbox","data":{"count":2},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"replaced"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"later","id":"w","key":"wait","data":1}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"w","queue":"default","type":"later","priority":0,"state":"pending","scope":null,"key":"wait","data":1,"result":null,"seq":2,"createdAt":5,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"later","key":"wait","data":2}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"w","queue":"default","type":"later","priority":0,"state":"pending","scope":null,"key":"wait","data":2,"result":null,"seq":2,"createdAt":5,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"replaced"}}

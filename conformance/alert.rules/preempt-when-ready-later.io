# Preempt also acts when the alert becomes ready later (delayMs), even while a better
# alert without preempt waits: at 100 urgent (priority 3, preempt) displaces low
# (priority 0); waiting (priority 5) keeps waiting.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"low","priority":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"low","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"low","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"waiting","priority":5}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"waiting","queue":"default","type":"t","priority":5,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"urgent","priority":3,"preempt":true,"delayMs":100}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"urgent","queue":"default","type":"t","priority":3,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"clock.advance","params":{"ms":99}}
<< {"jsonrpc":"2.0","id":4,"result":{"now":99}}
>> {"jsonrpc":"2.0","id":5,"method":"clock.advance","params":{"ms":1}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"low","queue":"default","reason":"preempted","at":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"urgent","queue":"default","type":"t","priority":3,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":5,"result":{"now":100}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.list","params":{"states":["showing","pending","suspended"]}}
<< {"jsonrpc":"2.0","id":6,"result":{"alerts":[{"id":"urgent","queue":"default","type":"t","priority":3,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},{"id":"waiting","queue":"default","type":"t","priority":5,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},{"id":"low","queue":"default","type":"t","priority":0,"state":"suspended","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false}]}}

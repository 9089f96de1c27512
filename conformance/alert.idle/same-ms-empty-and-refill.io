# A queue emptied and refilled at one millisecond. protocol.md, Events: alert.idle is "sent
# once each time the queue goes from busy to empty: nothing showing, suspended, pending or
# scheduled"; One instant, one decision: each request is decided on its own ("its own
# changes, then one pump, then the expiries"), alert.idle last. Only a request adds an
# alert, so a queue emptied and refilled at one millisecond is emptied by one request and
# refilled by a later one: it went idle in between, and says so.
## args: --clock manual
# Two requests of one batch at ms 0: the complete empties "default" (its idle comes at the
# end of that entry), then the enqueue fills it again (b shows); every event of the batch
# comes before its array (Events before answers).
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> [{"jsonrpc":"2.0","id":2,"method":"alert.complete","params":{"id":"a"}},{"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"b"}}]
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< [{"jsonrpc":"2.0","id":2,"result":{"id":"a","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}},{"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}]
# One instant, ms 100: S's auto-hide and R's readiness in queue Q fall together. Q was
# never empty (R, scheduled, kept it busy), so no idle; it goes idle when R is completed.
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"S","queue":"Q","durationMs":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"S","queue":"Q","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"S","queue":"Q","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"R","queue":"Q","delayMs":100}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"R","queue":"Q","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"S","queue":"Q","reason":"timeout","at":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"R","queue":"Q","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":6,"result":{"now":100}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.complete","params":{"id":"R"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"Q","at":100}}
<< {"jsonrpc":"2.0","id":7,"result":{"id":"R","queue":"Q","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":100,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}

# End of input without shutdown: pending output is flushed and the process exits 0, with
# an alert still showing and timers still set (protocol.md, Lifecycle: "End of input: what
# fell due by then takes effect, output is flushed and the process exits 0"; on the manual
# clock nothing falls due). With shutdown first: lifecycle/eof-after-shutdown-exits-0.io.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"a","durationMs":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"b","delayMs":100}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}

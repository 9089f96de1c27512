# nav.pop removes the top scope; the active scope is the new top, null when the stack is
# empty. Popping an empty stack is -32003 (reason empty_stack).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"nav.push","params":{"scope":"a"}}
<< {"jsonrpc":"2.0","id":1,"result":{"stack":["a"],"active":"a"}}
>> {"jsonrpc":"2.0","id":2,"method":"nav.push","params":{"scope":"b"}}
<< {"jsonrpc":"2.0","id":2,"result":{"stack":["a","b"],"active":"b"}}
>> {"jsonrpc":"2.0","id":3,"method":"nav.pop"}
<< {"jsonrpc":"2.0","id":3,"result":{"stack":["a"],"active":"a"}}
>> {"jsonrpc":"2.0","id":4,"method":"nav.pop","params":{}}
<< {"jsonrpc":"2.0","id":4,"result":{"stack":[],"active":null}}
>> {"jsonrpc":"2.0","id":5,"method":"nav.pop"}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32003,"message":"$any:string","data":{"reason":"empty_stack"}}}
>> {"jsonrpc":"2.0","id":6,"method":"nav.pop","params":{"scope":"a"}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"$any:string","data":{"path":"/scope","expected":"$any:string"}}}

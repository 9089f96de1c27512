# nav.get answers the stack and the active scope (the top; null when empty).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"nav.get"}
<< {"jsonrpc":"2.0","id":1,"result":{"stack":[],"active":null}}
>> {"jsonrpc":"2.0","id":2,"method":"nav.push","params":{"scope":"home"}}
<< {"jsonrpc":"2.0","id":2,"result":{"stack":["home"],"active":"home"}}
>> {"jsonrpc":"2.0","id":3,"method":"nav.push","params":{"scope":"detail"}}
<< {"jsonrpc":"2.0","id":3,"result":{"stack":["home","detail"],"active":"detail"}}
>> {"jsonrpc":"2.0","id":4,"method":"nav.get","params":{}}
<< {"jsonrpc":"2.0","id":4,"result":{"stack":["home","detail"],"active":"detail"}}

# A notification (no id member) is never answered, even when it fails: unknown method,
# bad params, not found, invalid state. Its effects happen when it succeeds.
## args: --clock manual
>> {"jsonrpc":"2.0","method":"no.such"}
>> {"jsonrpc":"2.0","method":"layer.add","params":{"bogus":1}}
>> {"jsonrpc":"2.0","method":"layer.get","params":{"id":"ghost"}}
>> {"jsonrpc":"2.0","method":"nav.pop"}
>> {"jsonrpc":"2.0","method":"layer.add","params":{"id":"made"}}
>> {"jsonrpc":"2.0","id":1,"method":"layer.get","params":{"id":"made"}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"made","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}

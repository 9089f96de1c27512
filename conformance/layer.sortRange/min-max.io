# layer.sortRange: min and max of the children's sorts, both null when there are none.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.sortRange"}
<< {"jsonrpc":"2.0","id":1,"result":{"min":null,"max":null}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"p","sort":50}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"p","parent":null,"sort":50,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.sortRange","params":{"id":"p"}}
<< {"jsonrpc":"2.0","id":3,"result":{"min":null,"max":null}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"id":"x","parent":"p","sort":-9007199254740991}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"x","parent":"p","sort":-9007199254740991,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.add","params":{"id":"y","parent":"p","sort":9007199254740991}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"y","parent":"p","sort":9007199254740991,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.sortRange","params":{"id":"p"}}
<< {"jsonrpc":"2.0","id":6,"result":{"min":-9007199254740991,"max":9007199254740991}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.sortRange"}
<< {"jsonrpc":"2.0","id":7,"result":{"min":50,"max":50}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.add","params":{"id":"z","sort":9007199254740992}}
<< {"jsonrpc":"2.0","id":8,"error":{"code":-32602,"message":"$any:string","data":{"path":"/sort","expected":"$any:string"}}}

# Each setting at both ends of its range, and one past: maxConcurrent 1 to 1 000 000,
# historyLimit 0 to 100 000 000, minGapMs 0 to 2^53-1. A value out of range is -32602 at
# its member and changes nothing (the answer to id 10 shows the settings the in-range calls
# left). The low ends, given explicitly, are accepted (id 11).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"maxConcurrent":1000000}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"default","maxConcurrent":1000000,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.configure","params":{"maxConcurrent":1000001}}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"$any:string","data":{"path":"/maxConcurrent","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.configure","params":{"maxConcurrent":0}}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"$any:string","data":{"path":"/maxConcurrent","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.configure","params":{"historyLimit":100000000}}
<< {"jsonrpc":"2.0","id":4,"result":{"queue":"default","maxConcurrent":1000000,"minGapMs":0,"historyLimit":100000000}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.configure","params":{"historyLimit":100000001}}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"$any:string","data":{"path":"/historyLimit","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.configure","params":{"historyLimit":-1}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"$any:string","data":{"path":"/historyLimit","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.configure","params":{"minGapMs":9007199254740991}}
<< {"jsonrpc":"2.0","id":7,"result":{"queue":"default","maxConcurrent":1000000,"minGapMs":9007199254740991,"historyLimit":100000000}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.configure","params":{"minGapMs":9007199254740992}}
<< {"jsonrpc":"2.0","id":8,"error":{"code":-32602,"message":"$any:string","data":{"path":"/minGapMs","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.configure","params":{"minGapMs":-1}}
<< {"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"$any:string","data":{"path":"/minGapMs","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.configure","params":{}}
<< {"jsonrpc":"2.0","id":10,"result":{"queue":"default","maxConcurrent":1000000,"minGapMs":9007199254740991,"historyLimit":100000000}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.configure","params":{"maxConcurrent":1,"minGapMs":0,"historyLimit":0}}
<< {"jsonrpc":"2.0","id":11,"result":{"queue":"default","maxConcurrent":1,"minGapMs":0,"historyLimit":0}}

# A batch mixing requests, a notification and a failing request: one array answers the
# requests in request order; the notification gets no entry; a failing entry gets its
# error in place.
## args: --clock manual
>> [{"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a"}},{"jsonrpc":"2.0","method":"layer.add","params":{"id":"b"}},{"jsonrpc":"2.0","id":"two","method":"layer.get","params":{"id":"zz"}},{"jsonrpc":"2.0","id":3,"method":"layer.children"}]
<< [{"jsonrpc":"2.0","id":1,"result":{"id":"a","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}},{"jsonrpc":"2.0","id":"two","error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"zz"}}},{"jsonrpc":"2.0","id":3,"result":{"total":2,"layers":[{"id":"a","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0},{"id":"b","parent":null,"sort":0,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}]}}]

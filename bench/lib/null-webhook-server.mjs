// The sender's floor in the checkout-reliability bench: reads each POST and answers 200 at once, no
// signature check, no database. Its latency is what the sender and the machine add to any receiver's.
// Env: PORT.
import http from 'node:http';

const answer = JSON.stringify({ received: true, duplicate: false });
const server = http.createServer((req, res) => {
  req.resume();
  req.once('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(answer));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`null webhook server on ${process.env.PORT}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

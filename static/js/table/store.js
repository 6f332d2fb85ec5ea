// What the phone keeps across reloads and network cuts, in IndexedDB (database
// "clubscorer-table"): the table's token and last state ("meta", by key) and the outbox
// ("outbox", in the order the players entered things). IndexedDB rather than localStorage
// because it survives a reload of an offline page and writes are transactional: a result
// the players sent is in the outbox before the screen says so.

const NAME = "clubscorer-table";
let opening = null;

function open() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const request = indexedDB.open(NAME, 1);
      request.onupgradeneeded = () => {
        const db = request.result;
        db.createObjectStore("meta");
        const outbox = db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
        outbox.createIndex("code", "code");
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
  return opening;
}

async function run(storeName, mode, work) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(storeName, mode);
    const store = transaction.objectStore(storeName);
    let answer;
    const request = work(store);
    if (request) request.onsuccess = () => { answer = request.result; };
    transaction.oncomplete = () => resolve(answer);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

export const meta = {
  get: (key) => run("meta", "readonly", (store) => store.get(key)),
  set: (key, value) => run("meta", "readwrite", (store) => store.put(value, key)),
  remove: (key) => run("meta", "readwrite", (store) => store.delete(key)),
};

export const outbox = {
  // Every item of table `code`, oldest first.
  all: (code) => run("outbox", "readonly", (store) => store.index("code").getAll(code))
    .then((items) => items.sort((a, b) => a.seq - b.seq)),
  everything: () => run("outbox", "readonly", (store) => store.getAll()),
  add: (item) => run("outbox", "readwrite", (store) => store.add(item)),
  put: (item) => run("outbox", "readwrite", (store) => store.put(item)),
  remove: (seq) => run("outbox", "readwrite", (store) => store.delete(seq)),
};

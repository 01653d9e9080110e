/**
 * The tenant page's only script, plain ES2017 so every phone browser runs it:
 * Pay now (send, then ask where it stands until it settles) and reporting a
 * problem (the report, then each photo as its own raw body). Without it the
 * page still shows everything it shows.
 */
export const TENANT_SCRIPT = `(function () {
  var main = document.querySelector('main');
  if (!main) return;
  var base = main.getAttribute('data-base');
  var m = JSON.parse(main.getAttribute('data-msgs') || '{}');
  function say(el, text, cls) { el.textContent = text; el.className = cls || ''; }
  // Refusals come back in the page's language, not the browser's: the server translates by Accept-Language.
  var lang = document.documentElement.lang;
  function send(method, url, body, type) {
    var headers = { 'Accept-Language': lang };
    if (body) headers['Content-Type'] = type || 'application/json';
    return fetch(url, { method: method, headers: headers, body: body })
      .then(function (r) { return r.json().catch(function () { return {}; }).then(function (j) { return { ok: r.ok, body: j }; }); });
  }
  var pay = document.getElementById('pay');
  if (pay) pay.addEventListener('submit', function (e) {
    e.preventDefault();
    var status = document.getElementById('pay-status');
    var button = pay.querySelector('button');
    button.disabled = true;
    say(status, m.sendingRequest);
    send('POST', base + '/pay', JSON.stringify({ amount: pay.amount.value.replace(/,/g, ''), phone: pay.phone.value }))
      .then(function (r) {
        if (!r.ok) { button.disabled = false; return say(status, (r.body.errors && r.body.errors[0] && r.body.errors[0].message) || r.body.message || m.failed, 'bad'); }
        say(status, r.body.message);
        var tries = 0;
        (function poll() {
          send('GET', base + '/pay/' + r.body.requestId).then(function (s) {
            if (s.ok && s.body.status !== 'pending') {
              say(status, s.body.message, s.body.status === 'paid' ? 'ok' : 'bad');
              button.disabled = false;
              if (s.body.status === 'paid') setTimeout(function () { location.reload(); }, 2500);
            } else if (++tries < 60) setTimeout(poll, 3000);
            else { button.disabled = false; say(status, m.noAnswerYet); }
          });
        })();
      });
  });
  var dataForm = document.getElementById('data-request');
  if (dataForm) dataForm.addEventListener('submit', function (e) {
    e.preventDefault();
    var status = document.getElementById('data-status');
    var button = dataForm.querySelector('button');
    button.disabled = true;
    say(status, m.sending);
    send('POST', base + '/data-requests', JSON.stringify({ kind: dataForm.kind.value, details: dataForm.details.value }))
      .then(function (r) {
        if (!r.ok) { button.disabled = false; return say(status, (r.body.errors && r.body.errors[0] && r.body.errors[0].message) || r.body.message || m.failed, 'bad'); }
        say(status, r.body.message, 'ok');
        setTimeout(function () { location.reload(); }, 2000);
      });
  });
  var report = document.getElementById('report');
  if (report) report.addEventListener('submit', function (e) {
    e.preventDefault();
    var status = document.getElementById('report-status');
    var button = report.querySelector('button');
    var files = Array.prototype.slice.call(report.photos.files || []);
    if (files.length > 3) return say(status, m.tooManyPhotos, 'bad');
    for (var i = 0; i < files.length; i++) if (files[i].size > 5 * 1024 * 1024) return say(status, m.photoTooLarge, 'bad');
    button.disabled = true;
    say(status, m.sending);
    send('POST', base + '/maintenance', JSON.stringify({ category: report.category.value, description: report.description.value }))
      .then(function (r) {
        if (!r.ok) { button.disabled = false; return say(status, (r.body.errors && r.body.errors[0] && r.body.errors[0].message) || r.body.message, 'bad'); }
        return files.reduce(function (p, f) {
          return p.then(function (failed) {
            return send('POST', base + '/maintenance/' + r.body.requestId + '/photos', f, f.type || 'application/octet-stream')
              .then(function (x) { return x.ok ? failed : x.body.message; });
          });
        }, Promise.resolve(null)).then(function (failed) {
          say(status, failed ? r.body.message + ' ' + failed : r.body.message, failed ? 'bad' : 'ok');
          setTimeout(function () { location.reload(); }, 2000);
        });
      });
  });
})();
`;

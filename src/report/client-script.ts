/**
 * The report's own browser script (plain ES2017, inlined after Chart.js). It
 * reads the figures from the #report-data JSON element and draws:
 * - the miss rate (FNR) per category as bars, green when the category's upper
 *   95% bound is under its level's target, red otherwise, with error bars for
 *   the 95% Wilson interval and a dashed blue marker at the target (Chart.js has no
 *   error bars: the `errorBars` plugin below draws them after the bars);
 * - the same per level.
 * Animations are off so the charts are complete as soon as the page loads;
 * body[data-charts] is set to "ready" for the rendering test.
 */
export const CLIENT_SCRIPT = String.raw`
(function () {
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var errorBars = {
    id: 'errorBars',
    afterDatasetsDraw: function (chart) {
      var ds = chart.data.datasets[0];
      var meta = chart.getDatasetMeta(0);
      var y = chart.scales.y;
      var ctx = chart.ctx;
      ctx.save();
      meta.data.forEach(function (bar, i) {
        var half = Math.max(4, (bar.width || 10) / 2);
        if (ds.ciLow[i] !== null) {
          var yl = y.getPixelForValue(ds.ciLow[i] * 100);
          var yh = y.getPixelForValue(ds.ciHigh[i] * 100);
          ctx.strokeStyle = '#1b1b1b';
          ctx.lineWidth = 1.5;
          ctx.setLineDash([]);
          ctx.beginPath();
          ctx.moveTo(bar.x, yl); ctx.lineTo(bar.x, yh);
          ctx.moveTo(bar.x - half / 2, yl); ctx.lineTo(bar.x + half / 2, yl);
          ctx.moveTo(bar.x - half / 2, yh); ctx.lineTo(bar.x + half / 2, yh);
          ctx.stroke();
        }
        var yt = y.getPixelForValue(ds.target[i] * 100);
        ctx.strokeStyle = '#0d47a1';
        ctx.lineWidth = 2.5;
        ctx.setLineDash([4, 3]);
        ctx.beginPath();
        ctx.moveTo(bar.x - half, yt); ctx.lineTo(bar.x + half, yt);
        ctx.stroke();
      });
      ctx.restore();
    }
  };
  function fnrChart(canvasId, rows) {
    var canvas = document.getElementById(canvasId);
    return new Chart(canvas, {
      type: 'bar',
      data: {
        labels: rows.map(function (r) { return r.name; }),
        datasets: [{
          label: 'miss rate (FNR), %',
          data: rows.map(function (r) { return r.fnr === null ? null : r.fnr * 100; }),
          ciLow: rows.map(function (r) { return r.low; }),
          ciHigh: rows.map(function (r) { return r.high; }),
          target: rows.map(function (r) { return r.target; }),
          backgroundColor: rows.map(function (r) { return r.high !== null && r.high < r.target ? '#2e7d32' : '#c62828'; })
        }]
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              label: function (c) {
                var r = rows[c.dataIndex];
                if (r.fnr === null) return 'no gold';
                return 'FNR ' + (r.fnr * 100).toFixed(1) + '% [' + (r.low * 100).toFixed(1) + '–' + (r.high * 100).toFixed(1) + '], target < ' + (r.target * 100) + '%, n = ' + r.support;
              }
            }
          }
        },
        scales: {
          y: { beginAtZero: true, suggestedMax: 60, title: { display: true, text: 'miss rate (FNR), %' } },
          x: { ticks: { autoSkip: false, maxRotation: 60, minRotation: 30 } }
        }
      },
      plugins: [errorBars]
    });
  }
  window.spliceCharts = [fnrChart('fnr-by-category', data.categories), fnrChart('fnr-by-level', data.levels)];
  document.body.setAttribute('data-charts', 'ready');
})();
`;

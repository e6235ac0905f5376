const t=performance.now(); await import(process.argv[2]); console.log((performance.now()-t).toFixed(1),"ms");

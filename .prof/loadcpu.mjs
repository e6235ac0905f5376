const c=process.cpuUsage(); await import(process.argv[2]); const d=process.cpuUsage(c); console.log(((d.user+d.system)/1000).toFixed(1));

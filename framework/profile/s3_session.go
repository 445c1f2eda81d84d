package profile

// s3aSimpleCredentials is the S3A credentials provider reading
// fs.s3a.access.key and fs.s3a.secret.key.
const s3aSimpleCredentials = "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider"

// s3SessionConf is the Hadoop S3A configuration an s3 resource sets in the
// Spark session. The keys are session conf keys without the spark.hadoop.
// prefix: through Spark Connect, a session conf reaches the Hadoop
// configuration of the session's reads and writes as it is named
// (SessionState.newHadoopConf copies the SQL conf), and a
// spark.hadoop.fs.s3a.* session conf has no effect — measured on Spark
// 4.1.1 against the stack. The access and secret keys take effect only
// with the SimpleAWSCredentialsProvider: a server may configure another
// provider list (the stack's reads the server's environment), which would
// ignore them.
func s3SessionConf(r *Resource) (map[string]string, map[string]string) {
	conf, env := map[string]string{}, map[string]string{}
	for name, key := range map[string]string{"endpoint": "fs.s3a.endpoint", "region": "fs.s3a.endpoint.region",
		"path_style_access": "fs.s3a.path.style.access"} {
		if v, ok := r.Options[name]; ok {
			conf[key] = v.Text()
		}
	}
	ak, sk := r.String("access_key_env"), r.String("secret_key_env")
	if ak != "" && sk != "" {
		conf["fs.s3a.aws.credentials.provider"] = s3aSimpleCredentials
		env["fs.s3a.access.key"], env["fs.s3a.secret.key"] = ak, sk
	}
	return conf, env
}
